import { render } from "preact";
import "../styles.css";
import "./manage.css";
import { BackOfficeApp } from "./BackOffice";

render(<BackOfficeApp />, document.getElementById("app")!);
