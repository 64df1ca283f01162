import { render } from "preact";
import { App } from "./shell/App";
import { keepShell } from "../shared/shell";
import "../shared/styles.css";

render(<App />, document.getElementById("app")!);
keepShell();
