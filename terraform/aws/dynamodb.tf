# The state of both functions: one table, keys pk and sk, items expiring through expiresAt (epoch seconds).
# On-demand billing, point-in-time recovery, encryption at rest with the default AWS-owned key.
# The functions find it through AWS_REGION (set by Lambda) and AGENT_STATE_STORE=dynamodb://<table name>.
# With state_store = "memory" there is no table, and state lives in each function instance.
locals {
  use_state_table  = var.state_store == "dynamodb"
  state_table_name = var.state_table_name != "" ? var.state_table_name : "${var.name_prefix}-state"
  state_store_url  = local.use_state_table ? "dynamodb://${aws_dynamodb_table.state[0].name}" : "memory"
}

resource "aws_dynamodb_table" "state" {
  count = local.use_state_table ? 1 : 0

  name         = local.state_table_name
  billing_mode = "PAY_PER_REQUEST"
  hash_key     = "pk"
  range_key    = "sk"

  attribute {
    name = "pk"
    type = "S"
  }

  attribute {
    name = "sk"
    type = "S"
  }

  ttl {
    attribute_name = "expiresAt"
    enabled        = true
  }

  point_in_time_recovery {
    enabled = true
  }
}
