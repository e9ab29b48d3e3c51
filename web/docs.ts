/**
 * The /docs page: Swagger UI (from swagger-ui-dist, served by this server) over this server's /openapi.json.
 * swagger-ui-bundle.js, loaded before this script, defines the SwaggerUIBundle global.
 */
import "./docs.css";

declare global {
  interface Window {
    SwaggerUIBundle?: (options: Record<string, unknown>) => unknown;
  }
}

const mount = document.getElementById("swagger");
if (window.SwaggerUIBundle === undefined || mount === null) {
  if (mount !== null) mount.textContent = "Swagger UI did not load; the raw document is at openapi.json.";
} else {
  window.SwaggerUIBundle({
    url: new URL("openapi.json", location.href).href,
    domNode: mount,
    deepLinking: true,
    docExpansion: "list",
    defaultModelsExpandDepth: 0,
    tryItOutEnabled: false,
  });
}
