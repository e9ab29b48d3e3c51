import React, { useEffect, useState } from "react";

export default function Kiosk({ store }) {
  const [now, setNow] = useState(new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <main>
      <h1>Welcome to Acme {store}</h1>
      <p>{now.toLocaleTimeString("de-DE")}</p>
    </main>
  );
}
