// edge-agent reports the health of a store's devices to the central API. It serves its own metrics on :9100.
package main

import (
	"fmt"
	"log"
	"net/http"
	"runtime"
)

func main() {
	http.HandleFunc("/metrics", func(w http.ResponseWriter, _ *http.Request) {
		fmt.Fprintf(w, "edge_agent_info{arch=%q} 1\n", runtime.GOARCH)
	})
	log.Printf("edge-agent (%s) listening on :9100", runtime.GOARCH)
	log.Fatal(http.ListenAndServe(":9100", nil))
}
