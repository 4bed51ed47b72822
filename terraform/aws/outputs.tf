output "http_api_url" {
  description = "Base URL of the HTTP API (buffered responses; its function runs on api_runtime)."
  value       = aws_apigatewayv2_stage.default.invoke_url
}

output "function_url" {
  description = "Function URL of the streaming function (POST /stream sends events as they happen)."
  value       = aws_lambda_function_url.streaming.function_url
}

output "managed_function_name" {
  description = "Name of the HTTP API's function, on api_runtime (for logs: aws logs tail /aws/lambda/<name>)."
  value       = local.api_on_managed_runtime ? aws_lambda_function.managed[0].function_name : aws_lambda_function.api_custom_runtime[0].function_name
}

output "streaming_function_name" {
  description = "Name of the streaming function."
  value       = aws_lambda_function.streaming.function_name
}

output "state_table_name" {
  description = "Name of the DynamoDB table that holds the agent's state (null with state_store = \"memory\")."
  value       = local.use_state_table ? aws_dynamodb_table.state[0].name : null
}

output "agentcore_runtime_arn" {
  description = "ARN of the AgentCore runtime (null without agentcore_image_uri): call it with InvokeAgentRuntime."
  value       = local.use_agentcore ? aws_bedrockagentcore_agent_runtime.agent[0].agent_runtime_arn : null
}
