import { render } from "preact";
import "../shared/styles.css";
import "./manage.css";
import { BackOfficeApp } from "./BackOffice";

render(<BackOfficeApp />, document.getElementById("app")!);
