package com.acme.ledger;

import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.http.MediaType;
import org.springframework.test.context.TestPropertySource;
import org.springframework.test.web.servlet.MockMvc;

@WebMvcTest(EntryController.class)
@TestPropertySource(properties = "ledger.currency=EUR")
class EntryControllerTest {
    @Autowired
    private MockMvc mvc;

    @Test
    void booksAnEntryInTheLedgerCurrency() throws Exception {
        mvc.perform(post("/api/entries").contentType(MediaType.APPLICATION_JSON)
                .content("{\"debit\":\"cash\",\"credit\":\"revenue\",\"amountMinor\":1250}"))
            .andExpect(status().isCreated())
            .andExpect(jsonPath("$.currency").value("EUR"));
        mvc.perform(get("/api/entries")).andExpect(jsonPath("$[0].amountMinor").value(1250));
    }
}
