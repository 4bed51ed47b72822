package dev.agentport.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.AbstractConstruct;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Reads a CloudFormation / SAM template written in YAML, short-form tags included, into the same tree the long form
 * gives: {@code !Ref X} becomes {@code {"Ref": "X"}}, {@code !GetAtt A.B} becomes {@code {"Fn::GetAtt": ["A", "B"]}},
 * {@code !Sub s} becomes {@code {"Fn::Sub": "s"}}, and so on. An unknown tag fails the parse.
 */
final class CloudFormationYaml {

    private static final List<String> FUNCTIONS = List.of("Base64", "Cidr", "FindInMap", "GetAZs", "ImportValue",
            "Join", "Select", "Split", "Sub", "Transform", "And", "Equals", "If", "Not", "Or", "Length", "ToJsonString");

    private CloudFormationYaml() {
    }

    static JsonNode parse(String yaml) {
        Object tree = new Yaml(new ShortFormConstructor()).load(yaml);
        return Json.MAPPER.valueToTree(tree);
    }

    private static final class ShortFormConstructor extends SafeConstructor {

        ShortFormConstructor() {
            super(new LoaderOptions());
            yamlConstructors.put(new Tag("!Ref"), new Intrinsic("Ref"));
            yamlConstructors.put(new Tag("!Condition"), new Intrinsic("Condition"));
            yamlConstructors.put(new Tag("!GetAtt"), new GetAtt());
            for (String function : FUNCTIONS) {
                yamlConstructors.put(new Tag("!" + function), new Intrinsic("Fn::" + function));
            }
        }

        private Object plain(Node node) {
            return switch (node) {
                case ScalarNode scalar -> constructScalar(scalar);
                case SequenceNode sequence -> constructSequence(sequence);
                case MappingNode mapping -> constructMapping(mapping);
                default -> throw new IllegalArgumentException("unexpected YAML node " + node);
            };
        }

        private final class Intrinsic extends AbstractConstruct {
            private final String key;

            Intrinsic(String key) {
                this.key = key;
            }

            @Override
            public Object construct(Node node) {
                return Map.of(key, plain(node));
            }
        }

        /** {@code !GetAtt Resource.Attribute} (scalar form) or {@code !GetAtt [Resource, Attribute]}. */
        private final class GetAtt extends AbstractConstruct {
            @Override
            public Object construct(Node node) {
                Object value = plain(node);
                if (value instanceof String text) {
                    int dot = text.indexOf('.');
                    if (dot < 0) {
                        throw new IllegalArgumentException("!GetAtt needs Resource.Attribute, got " + text);
                    }
                    value = Arrays.asList(text.substring(0, dot), text.substring(dot + 1));
                }
                return Map.of("Fn::GetAtt", value);
            }
        }
    }
}
