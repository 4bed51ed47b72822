package dev.agentport.lambdalocal;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * How to start the function's runtime process: the command, its working directory (the task root, which the AWS
 * runtime interface client uses as {@code LAMBDA_TASK_ROOT}) and its complete environment.
 */
public record FunctionLaunch(List<String> command, Path workingDirectory, Map<String, String> environment) {

    public FunctionLaunch {
        command = List.copyOf(command);
        environment = Map.copyOf(environment);
    }
}
