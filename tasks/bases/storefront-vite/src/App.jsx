import React, { useState } from "react";
import { formatPrice } from "./price.js";

const PRODUCTS = [
  { id: "mug", name: "Acme mug", cents: 1200 },
  { id: "tee", name: "Acme T-shirt", cents: 2400 },
];

export function App() {
  const [cart, setCart] = useState([]);
  const total = cart.reduce((sum, p) => sum + p.cents, 0);
  return (
    <main>
      <h1>Acme Store</h1>
      <ul>
        {PRODUCTS.map((p) => (
          <li key={p.id}>
            {p.name}, {formatPrice(p.cents)} <button onClick={() => setCart([...cart, p])}>Add</button>
          </li>
        ))}
      </ul>
      <p>Cart: {formatPrice(total)}</p>
    </main>
  );
}
