import { render } from "preact";
import "../styles.css";

render(<h1>Brigade back office</h1>, document.getElementById("app")!);
