package com.example.booking;

import dev.langchain4j.agent.tool.Tool;

/** The agent's one tool. It runs only once a human approved the call (see {@link BookingAgent}). */
public class TableBookings {

    @Tool("Books a table at a restaurant for a number of people")
    public String bookTable(String restaurant, int people) {
        return "Booked a table for " + people + " at " + restaurant + ".";
    }
}
