// The fleet API: where each delivery van is, as reported by its tracker.
package main

import (
	"encoding/json"
	"flag"
	"log"
	"net/http"
	"os"
	"sync"
	"time"
)

type position struct {
	Van string    `json:"van"`
	Lat float64   `json:"lat"`
	Lon float64   `json:"lon"`
	At  time.Time `json:"at"`
}

func main() {
	addr := flag.String("addr", ":7070", "address to serve the API on")
	flag.Parse()
	token := os.Getenv("TRACKER_TOKEN")
	if token == "" {
		log.Fatal("TRACKER_TOKEN must be set")
	}

	var mu sync.RWMutex
	latest := map[string]position{}

	http.HandleFunc("GET /api/healthz", func(w http.ResponseWriter, _ *http.Request) { w.Write([]byte("ok")) })
	http.HandleFunc("GET /api/vans", func(w http.ResponseWriter, _ *http.Request) {
		mu.RLock()
		defer mu.RUnlock()
		json.NewEncoder(w).Encode(latest)
	})
	http.HandleFunc("POST /api/positions", func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer "+token {
			http.Error(w, "unauthorized", http.StatusUnauthorized)
			return
		}
		var p position
		if err := json.NewDecoder(r.Body).Decode(&p); err != nil || p.Van == "" {
			http.Error(w, "bad position", http.StatusBadRequest)
			return
		}
		p.At = time.Now().UTC()
		mu.Lock()
		latest[p.Van] = p
		mu.Unlock()
		w.WriteHeader(http.StatusNoContent)
	})
	log.Printf("fleet api on %s", *addr)
	log.Fatal(http.ListenAndServe(*addr, nil))
}
