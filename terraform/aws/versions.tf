terraform {
  required_version = ">= 1.5"

  required_providers {
    aws = {
      source = "hashicorp/aws"
      # 6.29 added invoked_via_function_url on aws_lambda_permission, needed for a public Function URL.
      version = ">= 6.29"
    }
  }
}

provider "aws" {
  region = var.region
}
