package dev.agentport.store.dynamodb;

import com.fasterxml.jackson.databind.node.TextNode;
import dev.agentport.a2a.A2aTask;
import dev.agentport.a2a.TaskState;
import dev.agentport.a2a.TaskStatus;
import dev.agentport.agent.Interrupt;
import dev.agentport.agent.Turn;
import dev.agentport.session.McpSession;
import dev.agentport.session.PausedRun;
import dev.agentport.store.StateStores;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The items the stores write are the ones the README's table lists, key patterns and attributes alike. */
class ItemLayoutTest {

    /** One row of the README's table: {@code <...>} stands for any text. */
    private record Row(String item, Pattern pk, Pattern sk, Set<String> attributes) {
    }

    private static final Pattern CODE = Pattern.compile("`([^`]*)`");

    @Test
    void every_item_written_matches_one_row_of_the_readme_table_and_every_row_is_written() throws IOException {
        List<Row> rows = readmeRows();
        assertEquals(8, rows.size(), "rows of the README's table");
        String table = LocalDynamoDb.newTable("layout");
        try (StateStores stores = DynamoDbStateStores.open(LocalDynamoDb.client(), table, Duration.ofHours(1),
                Clock.systemUTC())) {
            stores.sessions().append("s#1", 0, new Turn(new TextNode("hi"), new TextNode("re: hi"), Instant.now()));
            stores.sessions().append("s#1", 1, new Turn(new TextNode("and"), new TextNode("re: and"), Instant.now()));
            stores.sessions().savePaused(new PausedRun("run-1", "s#1", new TextNode("approve"),
                    new Interrupt(List.of("human_approval"), null, null), Instant.now()));
            A2aTask task = new A2aTask("t-1", "ctx-1", new TaskStatus(TaskState.WORKING, null, Instant.now()),
                    List.of(), null);
            stores.tasks().put(task, 0);
            stores.tasks().put(new A2aTask("t-1", "ctx-1", new TaskStatus(TaskState.COMPLETED, null,
                    Instant.now().plusSeconds(1)), List.of(), null), 1);
            stores.mcpSessions().create(new McpSession("m-1", "2025-11-25", "client", Instant.now()));
            stores.mcpReplies().expect("agentport-1");
            stores.mcpReplies().deliver("agentport-1", new TextNode("answer"));
        } catch (Exception e) {
            throw new AssertionError(e);
        }
        Set<Row> written = new HashSet<>();
        List<Map<String, AttributeValue>> items = scan(table);
        assertEquals(9, items.size(),
                "two turns, a marker, a run, a task, its two listing items, an MCP session, an answered MCP reply");
        for (Map<String, AttributeValue> item : items) {
            String pk = item.get("pk").s();
            String sk = item.get("sk").s();
            List<Row> matching = rows.stream()
                    .filter(row -> row.pk().matcher(pk).matches() && row.sk().matcher(sk).matches()).toList();
            assertEquals(1, matching.size(), pk + " / " + sk + " matches " + matching);
            Row row = matching.getFirst();
            Set<String> attributes = new TreeSet<>(item.keySet());
            attributes.removeAll(Set.of("pk", "sk"));
            assertEquals(new TreeSet<>(row.attributes()), attributes, row.item());
            assertTrue(Long.parseLong(item.get("expiresAt").n()) > Instant.now().getEpochSecond(), row.item());
            written.add(row);
        }
        assertEquals(new HashSet<>(rows), written, "every row of the README is written");
    }

    private static List<Map<String, AttributeValue>> scan(String table) {
        try (DynamoDbClient client = LocalDynamoDb.client()) {
            return client.scan(builder -> builder.tableName(table)).items();
        }
    }

    private static List<Row> readmeRows() throws IOException {
        List<String> lines = Files.readAllLines(Path.of("..", "README.md"));
        int header = lines.indexOf("| Item | `pk` | `sk` | Attributes |");
        assertFalse(header < 0, "the README's DynamoDB table");
        List<Row> rows = new ArrayList<>();
        for (String line : lines.subList(header + 2, lines.size())) {
            if (!line.startsWith("|")) {
                break;
            }
            String[] cells = line.split("\\|");
            rows.add(new Row(cells[1].strip(), pattern(cells[2]), pattern(cells[3]), codes(cells[4])));
        }
        return rows;
    }

    /** The cell's code with each {@code <...>} standing for any text. */
    private static Pattern pattern(String cell) {
        String code = codes(cell).iterator().next();
        StringBuilder regex = new StringBuilder();
        for (String part : code.split("<[^>]*>", -1)) {
            regex.append(Pattern.quote(part)).append(".+");
        }
        return Pattern.compile(regex.substring(0, regex.length() - 2));
    }

    private static Set<String> codes(String cell) {
        Set<String> codes = new TreeSet<>();
        Matcher matcher = CODE.matcher(cell);
        while (matcher.find()) {
            codes.add(matcher.group(1));
        }
        return codes;
    }
}
