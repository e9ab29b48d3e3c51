import React from "react";
import ReactDOM from "react-dom/client";
import Kiosk from "./Kiosk";

ReactDOM.createRoot(document.getElementById("root")).render(<Kiosk store={process.env.REACT_APP_STORE_ID} />);
