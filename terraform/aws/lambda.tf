locals {
  # The same settings for both functions. Empty strings count as "not set" for the runtime.
  # PORT and AGENT_SHUTDOWN_GRACE_SECONDS only matter to the server, not on Lambda.
  agent_environment = {
    AGENT_AUTH_TOKEN          = var.agent_auth_token
    AGENT_NAME                = var.agent_name
    AGENT_VERSION             = var.agent_version
    AGENT_FRAMEWORK           = var.agent_framework
    AGENT_MAX_BODY_BYTES      = tostring(var.agent_max_body_bytes)
    AGENT_RUN_TIMEOUT_SECONDS = tostring(var.agent_run_timeout_seconds)
    AGENT_PUBLIC_URL          = var.agent_public_url
  }
}

# Managed Java 21 runtime behind the HTTP API. SnapStart only applies to published versions, so the function is
# published on every change and the API calls the "live" alias, never $LATEST.
resource "aws_lambda_function" "managed" {
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
    variables = local.agent_environment
  }

  depends_on = [aws_iam_role_policy_attachment.lambda_logs]
}

resource "aws_lambda_alias" "live" {
  name             = "live"
  function_name    = aws_lambda_function.managed.function_name
  function_version = aws_lambda_function.managed.version
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

  depends_on = [aws_iam_role_policy_attachment.lambda_logs]
}
