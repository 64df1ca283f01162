import { render } from "preact";
import { keepShell } from "../shared/shell";
import "../shared/styles.css";
import "./kitchen.css";
import { KitchenApp } from "./App";

render(<KitchenApp />, document.getElementById("app")!);
keepShell();
