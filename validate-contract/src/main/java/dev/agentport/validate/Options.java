package dev.agentport.validate;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Set;

/**
 * The command line, parsed.
 *
 * @param url         the server's base URL
 * @param contracts   the contracts to check; empty to detect them
 * @param token       the bearer token to send, or {@code null}
 * @param reportJson  where to write the JSON report, or {@code null}
 * @param reportJunit where to write the JUnit XML report, or {@code null}
 * @param settings    the Daedalus level and the like
 */
public record Options(URI url, Set<Contract> contracts, String token, Path reportJson, Path reportJunit,
                      Settings settings) {

    public static final String USAGE = """
            usage: java -jar validate-contract.jar URL [--contracts agentbreeder,daedalus,a2a,mcp,agentcore,run-task]
                   [--token T] [--report-json FILE] [--report-junit FILE] [--level 1|2|3]
               or: java -jar validate-contract.jar --list

            Checks the server at URL against each contract's rules and prints one line per rule.
            Without --contracts it detects what the URL serves. Exit status: 0 when every rule checked passes,
            1 when any fails or the URL serves none of the contracts, 2 for a usage error or an unreachable URL.
            --list prints every rule's id and contacts no server.""";

    public static Options parse(String... args) throws UsageError {
        URI url = null;
        Set<Contract> contracts = EnumSet.noneOf(Contract.class);
        String token = null;
        Path json = null;
        Path junit = null;
        int level = 0;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            switch (arg) {
                case "--contracts" -> {
                    for (String name : value(args, ++i, arg).split(",")) {
                        Contract contract = Contract.named(name);
                        if (contract == null) {
                            throw new UsageError("unknown contract \"" + name.trim()
                                    + "\"; known: agentbreeder, daedalus, a2a, mcp, agentcore, run-task");
                        }
                        contracts.add(contract);
                    }
                }
                case "--token" -> token = value(args, ++i, arg);
                case "--report-json" -> json = Path.of(value(args, ++i, arg));
                case "--report-junit" -> junit = Path.of(value(args, ++i, arg));
                case "--level" -> level = level(value(args, ++i, arg));
                default -> {
                    if (arg.startsWith("--")) {
                        throw new UsageError("unknown option " + arg);
                    }
                    if (url != null) {
                        throw new UsageError("one URL only; got " + url + " and " + arg);
                    }
                    url = url(arg);
                }
            }
        }
        if (url == null) {
            throw new UsageError("the URL to check is missing");
        }
        return new Options(url, Set.copyOf(contracts), token, json, junit, new Settings(level));
    }

    private static String value(String[] args, int index, String option) throws UsageError {
        if (index >= args.length || args[index].startsWith("--")) {
            throw new UsageError(option + " needs a value");
        }
        return args[index];
    }

    private static int level(String text) throws UsageError {
        return switch (text) {
            case "1" -> 1;
            case "2" -> 2;
            case "3" -> 3;
            default -> throw new UsageError("--level takes 1, 2 or 3, not " + text);
        };
    }

    private static URI url(String text) throws UsageError {
        try {
            URI uri = new URI(text);
            if (!("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) || uri.getHost() == null) {
                throw new UsageError("the URL must be http:// or https:// with a host, not " + text);
            }
            if (uri.getRawQuery() != null || uri.getRawFragment() != null) {
                throw new UsageError("the URL must not have a query or fragment: " + text);
            }
            return uri;
        } catch (URISyntaxException e) {
            throw new UsageError("not a URL: " + text);
        }
    }
}
