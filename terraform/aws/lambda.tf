locals {
  # The same settings for both functions. Empty strings count as "not set" for the runtime.
  # Left out, as they do not apply on Lambda: PORT, A2A_PORT, AGENT_SHUTDOWN_GRACE_SECONDS, TERMINATION_GRACE_PERIOD
  # and AGENT_HEADER/BODY/IDLE_TIMEOUT_SECONDS (the standalone server's socket; here Lambda's front holds the
  # connections), AGENT_LOCAL_ADAPTER (Lambda refuses it), WORK_DIR (the default, in the temporary directory, is /tmp:
  # the only writable place), AGENT_CLASSPATH and JAVA_OPTS (run-local only), DEFAULT_AGENT_* (the built-in demo agent
  # only), the other OTEL_* (headers may carry credentials: set them from a secret yourself).
  agent_environment = {
    AGENT_AUTH_TOKEN            = var.agent_auth_token
    AGENT_NAME                  = var.agent_name
    AGENT_VERSION               = var.agent_version
    AGENT_FRAMEWORK             = var.agent_framework
    AGENT_MAX_BODY_BYTES        = tostring(var.agent_max_body_bytes)
    AGENT_RUN_TIMEOUT_SECONDS   = tostring(var.agent_run_timeout_seconds)
    AGENT_PUBLIC_URL            = var.agent_public_url
    AGENT_FACES                 = var.agent_faces
    AGENT_HEALTH_FORMAT         = var.agent_health_format
    AGENT_AION_DAEMON           = var.agent_aion_daemon
    AGENT_STATE_STORE           = local.state_store_url
    AGENT_STATE_TTL_SECONDS     = tostring(var.agent_state_ttl_seconds)
    AGENT_MCP_SESSIONS          = var.agent_mcp.sessions
    AGENT_MCP_ALLOWED_HOSTS     = var.agent_mcp.allowed_hosts
    AGENT_MCP_DOWNSTREAM        = var.agent_mcp.downstream
    AGENT_MCP_SERVER_NAME       = var.agent_mcp.server_name
    AGENT_MCP_TITLE             = var.agent_mcp.title
    AGENT_MCP_MODEL             = var.agent_mcp.model
    AGENT_MCP_VISION            = var.agent_mcp.vision
    AGENT_MCP_CONTEXT_WINDOW    = var.agent_mcp.context_window
    AGENT_MCP_MAX_OUTPUT_TOKENS = var.agent_mcp.max_output_tokens
    AGENT_MCP_STATE_KEY         = var.agent_mcp_state_key
    AGENT_MODEL_PROVIDER        = var.agent_model.provider
    AGENT_MODEL_NAME            = var.agent_model.name
    OPENAI_BASE_URL             = var.agent_model.openai_base_url
    OPENAI_API_KEY              = local.openai_api_key
    AGENT_SYSTEM_PROMPT         = var.agent_model.system_prompt
    STARTUP_TIMEOUT             = var.agent_startup_timeout
    LOG_LEVEL                   = var.log_level
    OTEL_EXPORTER_OTLP_ENDPOINT = var.otel_exporter_otlp_endpoint
  }

  # The managed function's own, added to the settings above: the class data sharing archive the build's training run
  # put in the zip (unpacked to /var/task). The JVM maps it only when it is the very JVM that wrote it; any other
  # (AWS's Corretto 21 unless the zip was built with it) ignores it and starts as without it.
  managed_runtime_environment = {
    JAVA_TOOL_OPTIONS = "-XX:SharedArchiveFile=/var/task/agentport-lambda.jsa"
  }

  # Which function the HTTP API calls: the managed one (java21, SnapStart) or api_custom_runtime below.
  api_on_managed_runtime = var.api_runtime == "java21"
}

# Managed Java 21 runtime behind the HTTP API. SnapStart only applies to published versions, so the function is
# published on every change and the API calls the "live" alias, never $LATEST.
resource "aws_lambda_function" "managed" {
  count            = local.api_on_managed_runtime ? 1 : 0
  function_name    = "${var.name_prefix}-api"
  role             = aws_iam_role.lambda.arn
  runtime          = "java21"
  handler          = "dev.agentport.lambda.LambdaHandler::handleRequest"
  filename         = var.lambda_zip
  source_code_hash = filebase64sha256(var.lambda_zip)
  architectures    = [var.architecture]
  memory_size      = var.memory_size
  timeout          = var.timeout
  publish          = true

  snap_start {
    apply_on = "PublishedVersions"
  }

  environment {
    variables = merge(local.agent_environment, local.managed_runtime_environment)
  }

  # A run must end (504 in the contract's shape) before Lambda cuts the invocation off without an answer.
  lifecycle {
    precondition {
      condition     = var.agent_run_timeout_seconds == 0 || var.agent_run_timeout_seconds < var.timeout
      error_message = "agent_run_timeout_seconds must be 0 or shorter than timeout."
    }
  }

  depends_on = [aws_iam_role_policy_attachment.lambda_logs, aws_iam_role_policy.state_table]
}

resource "aws_lambda_alias" "live" {
  count            = local.api_on_managed_runtime ? 1 : 0
  name             = "live"
  function_name    = aws_lambda_function.managed[0].function_name
  function_version = aws_lambda_function.managed[0].version
}

# api_runtime = "provided.al2023": the HTTP API's function instead of the managed one. The streaming zip's bootstrap
# runs the AWS runtime interface client with the buffered handler when the function's handler (_HANDLER) names it, on
# the zip's bundled JRE (x86_64) and AOT cache. No SnapStart: custom runtimes have none; no JAVA_TOOL_OPTIONS: an
# archive option there would make the bootstrap leave its AOT cache alone.
resource "aws_lambda_function" "api_custom_runtime" {
  count            = local.api_on_managed_runtime ? 0 : 1
  function_name    = "${var.name_prefix}-api-custom"
  role             = aws_iam_role.lambda.arn
  runtime          = "provided.al2023"
  handler          = "dev.agentport.lambda.LambdaHandler::handleRequest"
  filename         = var.streaming_zip
  source_code_hash = filebase64sha256(var.streaming_zip)
  architectures    = ["x86_64"]
  memory_size      = var.memory_size
  timeout          = var.timeout

  environment {
    variables = local.agent_environment
  }

  lifecycle {
    precondition {
      condition     = var.agent_run_timeout_seconds == 0 || var.agent_run_timeout_seconds < var.timeout
      error_message = "agent_run_timeout_seconds must be 0 or shorter than timeout."
    }
  }

  depends_on = [aws_iam_role_policy_attachment.lambda_logs, aws_iam_role_policy.state_table]
}

# Custom runtime that streams Server-Sent Events as they are produced, behind a Function URL.
# For custom runtimes the handler string is free: the bootstrap script at the zip's root starts the JVM.
# Always x86_64: the zip carries a JRE linked on the build machine (linux x86_64), and the bootstrap starts it.
resource "aws_lambda_function" "streaming" {
  function_name    = "${var.name_prefix}-stream"
  role             = aws_iam_role.lambda.arn
  runtime          = "provided.al2023"
  handler          = "bootstrap"
  filename         = var.streaming_zip
  source_code_hash = filebase64sha256(var.streaming_zip)
  architectures    = ["x86_64"]
  memory_size      = var.memory_size
  timeout          = var.streaming_timeout

  environment {
    variables = local.agent_environment
  }

  lifecycle {
    precondition {
      condition     = var.agent_run_timeout_seconds == 0 || var.agent_run_timeout_seconds < var.streaming_timeout
      error_message = "agent_run_timeout_seconds must be 0 or shorter than streaming_timeout."
    }
  }

  depends_on = [aws_iam_role_policy_attachment.lambda_logs, aws_iam_role_policy.state_table]
}
