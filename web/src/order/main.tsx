import { render } from "preact";
import "../shared/styles.css";
import "../guest/guest.css";
import "./order.css";
import { OrderApp } from "./App";

render(<OrderApp />, document.getElementById("app")!);
