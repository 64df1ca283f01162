import { render } from "preact";
import "../styles.css";

render(<h1>Brigade kitchen</h1>, document.getElementById("app")!);
