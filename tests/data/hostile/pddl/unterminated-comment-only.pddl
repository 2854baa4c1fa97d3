; just a comment, no domain
