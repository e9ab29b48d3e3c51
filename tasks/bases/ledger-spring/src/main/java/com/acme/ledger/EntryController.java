package com.acme.ledger;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

@RestController
@RequestMapping("/api/entries")
public class EntryController {
    public record Entry(String debit, String credit, long amountMinor, String currency) {}

    public record NewEntry(String debit, String credit, long amountMinor) {}

    private final List<Entry> entries = new CopyOnWriteArrayList<>();
    private final String currency;

    public EntryController(@Value("${ledger.currency}") String currency) {
        this.currency = currency;
    }

    @GetMapping
    public List<Entry> list() {
        return entries;
    }

    @PostMapping
    @ResponseStatus(HttpStatus.CREATED)
    public Entry post(@RequestBody NewEntry body) {
        if (body.amountMinor() <= 0 || body.debit().equals(body.credit())) {
            throw new IllegalArgumentException("an entry moves a positive amount between two accounts");
        }
        Entry entry = new Entry(body.debit(), body.credit(), body.amountMinor(), currency);
        entries.add(entry);
        return entry;
    }
}
