package clean

import "context"

// fakeTool is a test helper with broken annotations: cardgen does not read test files, and
// neither does the analyzer in the package's test variant.
//
//card:tool fake titel="x"
//card:reslut
func fakeTool(ctx context.Context, in string) (int, error) { return 0, nil }

var _ = fakeTool
