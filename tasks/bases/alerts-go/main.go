// alerts-relay receives Alertmanager webhooks and forwards them to the on-call chat channel.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"net/http"
	"os"
	"time"
)

type alert struct {
	Status string            `json:"status"`
	Labels map[string]string `json:"labels"`
}

type webhook struct {
	Alerts []alert `json:"alerts"`
}

func main() {
	listen := flag.Int("port", 9095, "port to listen on")
	flag.Parse()
	chatURL := os.Getenv("CHAT_WEBHOOK_URL")
	if chatURL == "" {
		log.Fatal("CHAT_WEBHOOK_URL is not set")
	}
	client := &http.Client{Timeout: 5 * time.Second}

	http.HandleFunc("/-/healthy", func(w http.ResponseWriter, _ *http.Request) { fmt.Fprintln(w, "ok") })
	http.HandleFunc("/alertmanager", func(w http.ResponseWriter, r *http.Request) {
		var hook webhook
		if err := json.NewDecoder(r.Body).Decode(&hook); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		for _, a := range hook.Alerts {
			text, _ := json.Marshal(map[string]string{"text": fmt.Sprintf("[%s] %s", a.Status, a.Labels["alertname"])})
			if _, err := client.Post(chatURL, "application/json", bytes.NewReader(text)); err != nil {
				http.Error(w, err.Error(), http.StatusBadGateway)
				return
			}
		}
		w.WriteHeader(http.StatusAccepted)
	})
	log.Printf("alerts-relay listening on :%d", *listen)
	log.Fatal(http.ListenAndServe(fmt.Sprintf(":%d", *listen), nil))
}
