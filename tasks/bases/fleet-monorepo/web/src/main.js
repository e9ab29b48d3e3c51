import L from "leaflet";
import { apiUrl } from "./api.js";

const map = L.map("map").setView([52.52, 13.405], 11);
L.tileLayer("https://tile.openstreetmap.org/{z}/{x}/{y}.png", { maxZoom: 19 }).addTo(map);

async function refresh() {
  const vans = await (await fetch(apiUrl("/vans"))).json();
  for (const v of Object.values(vans)) L.marker([v.lat, v.lon]).bindPopup(v.van).addTo(map);
}

refresh();
setInterval(refresh, 15000);
