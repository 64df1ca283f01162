import { render } from "preact";
import "../shared/styles.css";
import "./kitchen.css";
import { KitchenApp } from "./App";

render(<KitchenApp />, document.getElementById("app")!);
