/**
 * The streaming zip's launcher, linked into its bundled JRE: it starts the function from its jars through a class
 * loader of its own (see {@link dev.agentport.lambda.launch.Launcher}).
 */
module dev.agentport.lambda.launch {
    exports dev.agentport.lambda.launch;
}
