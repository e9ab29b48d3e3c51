// Command shipping serves shipping-rate quotes for the checkout.
package main

import (
	"encoding/json"
	"log"
	"net/http"
	"os"
	"strconv"
	"time"

	"github.com/acme/shipping/internal/rates"
)

func main() {
	key := os.Getenv("CARRIER_API_KEY")
	if key == "" {
		log.Fatal("CARRIER_API_KEY is not set")
	}
	port := os.Getenv("PORT")
	if port == "" {
		port = "8081"
	}
	table := rates.Default()

	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) {
		w.Write([]byte("ok"))
	})
	mux.HandleFunc("GET /v1/rates", func(w http.ResponseWriter, r *http.Request) {
		grams, err := strconv.Atoi(r.URL.Query().Get("grams"))
		if err != nil || grams <= 0 {
			http.Error(w, "grams must be a positive integer", http.StatusBadRequest)
			return
		}
		quote := table.Quote(r.URL.Query().Get("country"), grams)
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(quote)
	})

	server := &http.Server{Addr: ":" + port, Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	log.Printf("shipping listening on :%s", port)
	log.Fatal(server.ListenAndServe())
}
