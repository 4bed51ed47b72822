# One execution role for both functions: Lambda may assume it, it may write logs to CloudWatch, and it may use the
# state table (when there is one).
data "aws_iam_policy_document" "lambda_assume_role" {
  statement {
    actions = ["sts:AssumeRole"]

    principals {
      type        = "Service"
      identifiers = ["lambda.amazonaws.com"]
    }
  }
}

resource "aws_iam_role" "lambda" {
  name               = "${var.name_prefix}-lambda"
  assume_role_policy = data.aws_iam_policy_document.lambda_assume_role.json
}

resource "aws_iam_role_policy_attachment" "lambda_logs" {
  role       = aws_iam_role.lambda.name
  policy_arn = "arn:aws:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole"
}

# Exactly what the state store calls, on the state table only.
data "aws_iam_policy_document" "state_table" {
  count = local.use_state_table ? 1 : 0

  statement {
    actions = [
      "dynamodb:GetItem",
      "dynamodb:BatchGetItem",
      "dynamodb:Query",
      "dynamodb:PutItem",
      "dynamodb:UpdateItem",
      "dynamodb:DeleteItem",
      "dynamodb:ConditionCheckItem",
      "dynamodb:DescribeTable",
    ]
    resources = [aws_dynamodb_table.state[0].arn]
  }
}

resource "aws_iam_role_policy" "state_table" {
  count = local.use_state_table ? 1 : 0

  name   = "${var.name_prefix}-state-table"
  role   = aws_iam_role.lambda.id
  policy = data.aws_iam_policy_document.state_table[0].json
}
