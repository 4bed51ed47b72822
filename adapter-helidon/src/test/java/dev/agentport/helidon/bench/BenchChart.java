package dev.agentport.helidon.bench;

import javax.imageio.ImageIO;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Draws the chart of {@code benchmarks/all.sh} as a PNG with the JDK alone (Java 2D, headless, ImageIO): no plotting
 * tool, no network. Top: median requests/s of each server and face under the same load, with each row's ratio.
 * Bottom: each target's ratio against its limit, green when met, red when not (grey: not measured).
 *
 * <p>Input, tab-separated, one item a line (lines of another kind are ignored):
 * <pre>
 * title    TEXT
 * rps      LABEL  REQUESTS-PER-SECOND  NOTE
 * target   LABEL  RATIO  LIMIT  ge|le  met|not-met  NOTE
 * </pre>
 *
 * <pre>{@code
 * java -Djava.awt.headless=true -cp adapter-helidon/target/test-classes \
 *      dev.agentport.helidon.bench.BenchChart results.tsv docs/benchmarks.png
 * }</pre>
 */
public final class BenchChart {

    private static final int WIDTH = 1000;
    private static final int MARGIN = 20;
    private static final int LABEL_WIDTH = 300;
    private static final int BAR_HEIGHT = 22;
    private static final int ROW_GAP = 8;
    private static final Color BAR = new Color(0x4C78A8);
    private static final Color CEILING = new Color(0x9D9D9D);
    private static final Color MET = new Color(0x59A14F);
    private static final Color NOT_MET = new Color(0xE15759);
    private static final Color TEXT = new Color(0x222222);

    record Rate(String label, double perSecond, String note) {
    }

    record Target(String label, double ratio, double limit, boolean atLeast, boolean met, String note) {
    }

    private BenchChart() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("usage: BenchChart RESULTS.tsv OUT.png");
            System.exit(2);
        }
        System.setProperty("java.awt.headless", "true");
        String title = "";
        List<Rate> rates = new ArrayList<>();
        List<Target> targets = new ArrayList<>();
        for (String line : Files.readAllLines(Path.of(args[0]), StandardCharsets.UTF_8)) {
            String[] f = line.split("\t", -1);
            switch (f[0]) {
                case "title" -> title = f.length > 1 ? f[1] : "";
                case "rps" -> rates.add(new Rate(f[1], number(f[2]), f.length > 3 ? f[3] : ""));
                case "target" -> targets.add(new Target(f[1], number(f[2]), number(f[3]), "ge".equals(f[4]),
                        "met".equals(f[5]), f.length > 6 ? f[6] : ""));
                default -> { }
            }
        }
        ImageIO.write(draw(title, rates, targets), "png", Path.of(args[1]).toFile());
    }

    private static double number(String text) {
        try {
            return Double.parseDouble(text.strip());
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    static BufferedImage draw(String title, List<Rate> rates, List<Target> targets) {
        int row = BAR_HEIGHT + ROW_GAP;
        int height = MARGIN + 30 + 24 + rates.size() * row + 40 + 24 + targets.size() * row + MARGIN;
        BufferedImage image = new BufferedImage(WIDTH, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, WIDTH, height);
            Font plain = new Font(Font.SANS_SERIF, Font.PLAIN, 13);
            Font bold = plain.deriveFont(Font.BOLD, 15f);

            int y = MARGIN + 16;
            g.setColor(TEXT);
            g.setFont(bold);
            g.drawString(title, MARGIN, y);
            y += 30;
            g.drawString("Median requests/s under the same load (longer is better)", MARGIN, y);
            y += 12;
            g.setFont(plain);
            double max = rates.stream().mapToDouble(Rate::perSecond).filter(v -> !Double.isNaN(v)).max().orElse(1);
            int barSpace = WIDTH - MARGIN - LABEL_WIDTH - 230;
            for (Rate rate : rates) {
                label(g, rate.label(), y, row);
                double value = Double.isNaN(rate.perSecond()) ? 0 : rate.perSecond();
                int length = (int) Math.round(barSpace * value / max);
                g.setColor(rate.label().startsWith("bare") || rate.label().startsWith("hand") ? CEILING : BAR);
                g.fillRect(MARGIN + LABEL_WIDTH, y, Math.max(length, 1), BAR_HEIGHT);
                g.setColor(TEXT);
                String text = String.format(Locale.ROOT, "%,.0f/s", value)
                        + (rate.note().isEmpty() ? "" : "   " + rate.note());
                g.drawString(text, MARGIN + LABEL_WIDTH + length + 6, y + BAR_HEIGHT - 6);
                y += row;
            }

            y += 28;
            g.setFont(bold);
            g.drawString("Targets: ratio against its limit (the black line); green met, red not met", MARGIN, y);
            y += 12;
            g.setFont(plain);
            double scale = targets.stream()
                    .mapToDouble(t -> Math.max(Double.isNaN(t.ratio()) ? 0 : t.ratio(), t.limit()))
                    .filter(v -> !Double.isNaN(v)).max().orElse(1) * 1.1;
            for (Target target : targets) {
                label(g, target.label(), y, row);
                double ratio = Double.isNaN(target.ratio()) ? 0 : target.ratio();
                int length = (int) Math.round(barSpace * ratio / scale);
                g.setColor(Double.isNaN(target.ratio()) ? CEILING : target.met() ? MET : NOT_MET);
                g.fillRect(MARGIN + LABEL_WIDTH, y, Math.max(length, 1), BAR_HEIGHT);
                int limitX = MARGIN + LABEL_WIDTH + (int) Math.round(barSpace * target.limit() / scale);
                g.setColor(Color.BLACK);
                g.setStroke(new BasicStroke(2f));
                g.drawLine(limitX, y - 3, limitX, y + BAR_HEIGHT + 3);
                g.setColor(TEXT);
                String figure = Double.isNaN(target.ratio()) ? "not measured"
                        : String.format(Locale.ROOT, "%.2f", target.ratio());
                String text = figure + (target.atLeast() ? " (at least " : " (at most ")
                        + String.format(Locale.ROOT, "%.2f", target.limit()) + ")"
                        + (target.note().isEmpty() ? "" : "  " + target.note());
                g.drawString(text, MARGIN + LABEL_WIDTH + Math.max(length, limitX - MARGIN - LABEL_WIDTH) + 8,
                        y + BAR_HEIGHT - 6);
                y += row;
            }
        } finally {
            g.dispose();
        }
        return image;
    }

    private static void label(Graphics2D g, String text, int y, int row) {
        g.setColor(TEXT);
        FontMetrics metrics = g.getFontMetrics();
        String shown = text;
        while (metrics.stringWidth(shown) > LABEL_WIDTH - 10 && shown.length() > 4) {
            shown = shown.substring(0, shown.length() - 2);
        }
        if (!shown.equals(text)) {
            shown = shown + "…";
        }
        g.drawString(shown, MARGIN, y + (row + metrics.getAscent()) / 2 - ROW_GAP / 2);
    }
}
