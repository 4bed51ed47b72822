# OPENAI_API_KEY comes from Secrets Manager, never from a plain variable: Terraform reads the secret
# openai_api_key_secret_arn names at apply and sets its value in both functions' environment. Like agent_auth_token, the
# value is then in the Terraform state: keep the state encrypted. A rotated key reaches the functions at the next apply.
data "aws_secretsmanager_secret_version" "openai_api_key" {
  count = var.openai_api_key_secret_arn != "" ? 1 : 0

  secret_id = var.openai_api_key_secret_arn
}

locals {
  openai_api_key = (var.openai_api_key_secret_arn != ""
    ? data.aws_secretsmanager_secret_version.openai_api_key[0].secret_string
  : "")
}
