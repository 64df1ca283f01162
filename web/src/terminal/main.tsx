import { render } from "preact";
import { App } from "./shell/App";
import "../shared/styles.css";

render(<App />, document.getElementById("app")!);
