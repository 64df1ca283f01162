import { render } from "preact";
import "../shared/styles.css";
import "./guest.css";
import { GuestApp } from "./App";

render(<GuestApp />, document.getElementById("app")!);
