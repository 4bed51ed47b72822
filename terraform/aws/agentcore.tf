# AWS Bedrock AgentCore Runtime: the server's container image (built for linux/arm64 with Jib, pushed to ECR) as an
# agent runtime. Only when agentcore_image_uri is set; the functions above are deployed either way.
# AgentCore authenticates every caller (IAM SigV4 by default) before the container sees the request, so the runtime
# gets no AGENT_AUTH_TOKEN. PORT follows the protocol: the platform calls 8080 (HTTP: /invocations, /ping), 8000
# (MCP: /mcp) or 9000 (A2A: JSON-RPC on /). The conversations live in the state table, so a session the platform
# moves to a new microVM continues. Settings left empty are left out (the server reads them as not set).
locals {
  use_agentcore = var.agentcore_image_uri != ""
  agentcore_ports = {
    HTTP = "8080"
    MCP  = "8000"
    A2A  = "9000"
  }
  # AGENT_MCP_ALLOWED_HOSTS: the platform has checked the caller, and the Host it passes on is its own, which the MCP
  # face's DNS-rebinding guard would refuse; "*" unless agent_mcp names hosts.
  agentcore_environment = {
    for name, value in merge(local.agent_environment, {
      PORT             = local.agentcore_ports[var.agentcore_protocol]
      AGENT_AUTH_TOKEN = ""
      AGENT_MCP_ALLOWED_HOSTS = var.agent_mcp.allowed_hosts != "" ? var.agent_mcp.allowed_hosts : "*"
    }) : name => value if value != ""
  }
}

data "aws_iam_policy_document" "agentcore_assume_role" {
  statement {
    actions = ["sts:AssumeRole"]

    principals {
      type        = "Service"
      identifiers = ["bedrock-agentcore.amazonaws.com"]
    }
  }
}

resource "aws_iam_role" "agentcore" {
  count = local.use_agentcore ? 1 : 0

  name               = "${var.name_prefix}-agentcore"
  assume_role_policy = data.aws_iam_policy_document.agentcore_assume_role.json
}

# Pulling the image from ECR and writing the runtime's logs.
data "aws_iam_policy_document" "agentcore" {
  statement {
    actions   = ["ecr:GetAuthorizationToken"]
    resources = ["*"]
  }

  statement {
    actions   = ["ecr:BatchGetImage", "ecr:GetDownloadUrlForLayer"]
    resources = ["*"]
  }

  statement {
    actions = [
      "logs:CreateLogGroup",
      "logs:CreateLogStream",
      "logs:PutLogEvents",
      "logs:DescribeLogStreams",
    ]
    resources = ["arn:aws:logs:*:*:log-group:/aws/bedrock-agentcore/runtimes/*"]
  }
}

resource "aws_iam_role_policy" "agentcore" {
  count = local.use_agentcore ? 1 : 0

  name   = "${var.name_prefix}-agentcore"
  role   = aws_iam_role.agentcore[0].id
  policy = data.aws_iam_policy_document.agentcore.json
}

resource "aws_iam_role_policy" "agentcore_state_table" {
  count = local.use_agentcore && local.use_state_table ? 1 : 0

  name   = "${var.name_prefix}-agentcore-state-table"
  role   = aws_iam_role.agentcore[0].id
  policy = data.aws_iam_policy_document.state_table[0].json
}

resource "aws_bedrockagentcore_agent_runtime" "agent" {
  count = local.use_agentcore ? 1 : 0

  # Runtime names take letters, digits and _ only.
  agent_runtime_name    = replace("${var.name_prefix}_agent", "-", "_")
  description           = "AgentPort: ${var.agent_name}"
  role_arn              = aws_iam_role.agentcore[0].arn
  environment_variables = local.agentcore_environment

  agent_runtime_artifact {
    container_configuration {
      container_uri = var.agentcore_image_uri
    }
  }

  network_configuration {
    network_mode = "PUBLIC"
  }

  protocol_configuration {
    server_protocol = var.agentcore_protocol
  }

  depends_on = [aws_iam_role_policy.agentcore, aws_iam_role_policy.agentcore_state_table]
}
