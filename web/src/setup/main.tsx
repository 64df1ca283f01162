import { render } from "preact";
import "../shared/styles.css";
import "./setup.css";
import { Setup } from "./Setup";

render(<Setup />, document.getElementById("app")!);
