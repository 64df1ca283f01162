import { render } from "preact";
import "../shared/styles.css";
import "./board.css";
import { BoardApp } from "./App";

render(<BoardApp />, document.getElementById("app")!);
