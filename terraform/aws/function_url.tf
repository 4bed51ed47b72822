# Public Function URL on the streaming function: the response is sent while it is produced (RESPONSE_STREAM).
resource "aws_lambda_function_url" "streaming" {
  function_name      = aws_lambda_function.streaming.function_name
  authorization_type = "NONE"
  invoke_mode        = "RESPONSE_STREAM"
}

# Since October 2025 a public (auth NONE) Function URL needs two statements in the function's policy:
# lambda:InvokeFunctionUrl for the URL, and lambda:InvokeFunction limited to calls that come through a Function URL.
# With only the first one every call gets 403 Forbidden. The agent's own bearer token (AGENT_AUTH_TOKEN) still
# protects /invoke, /stream and /resume.
resource "aws_lambda_permission" "function_url_public" {
  statement_id           = "FunctionUrlAllowPublicAccess"
  action                 = "lambda:InvokeFunctionUrl"
  function_name          = aws_lambda_function.streaming.function_name
  principal              = "*"
  function_url_auth_type = "NONE"
}

resource "aws_lambda_permission" "function_url_invoke" {
  statement_id             = "FunctionUrlAllowInvokeFunction"
  action                   = "lambda:InvokeFunction"
  function_name            = aws_lambda_function.streaming.function_name
  principal                = "*"
  invoked_via_function_url = true
}
