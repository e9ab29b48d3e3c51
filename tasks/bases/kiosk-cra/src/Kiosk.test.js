import { render, screen } from "@testing-library/react";
import Kiosk from "./Kiosk";

test("greets with the store's name", () => {
  render(<Kiosk store="Berlin-Mitte" />);
  expect(screen.getByText(/Berlin-Mitte/)).toBeInTheDocument();
});
