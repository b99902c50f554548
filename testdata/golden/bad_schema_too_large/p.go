package p

import "context"

// In is the input.
type In struct {
	Root Level0 `json:"root"`
}

// Level0 holds two of the next level.
type Level0 struct {
	Left  Level1 `json:"left"`
	Right Level1 `json:"right"`
}

// Level1 holds two of the next level.
type Level1 struct {
	Left  Level2 `json:"left"`
	Right Level2 `json:"right"`
}

// Level2 holds two of the next level.
type Level2 struct {
	Left  Level3 `json:"left"`
	Right Level3 `json:"right"`
}

// Level3 holds two of the next level.
type Level3 struct {
	Left  Level4 `json:"left"`
	Right Level4 `json:"right"`
}

// Level4 holds two of the next level.
type Level4 struct {
	Left  Level5 `json:"left"`
	Right Level5 `json:"right"`
}

// Level5 holds two of the next level.
type Level5 struct {
	Left  Level6 `json:"left"`
	Right Level6 `json:"right"`
}

// Level6 holds two of the next level.
type Level6 struct {
	Left  Level7 `json:"left"`
	Right Level7 `json:"right"`
}

// Level7 holds two of the next level.
type Level7 struct {
	Left  Level8 `json:"left"`
	Right Level8 `json:"right"`
}

// Level8 holds two of the next level.
type Level8 struct {
	Left  Level9 `json:"left"`
	Right Level9 `json:"right"`
}

// Level9 holds two of the next level.
type Level9 struct {
	Left  Level10 `json:"left"`
	Right Level10 `json:"right"`
}

// Level10 holds two of the next level.
type Level10 struct {
	Left  Level11 `json:"left"`
	Right Level11 `json:"right"`
}

// Level11 holds two of the next level.
type Level11 struct {
	Left  Level12 `json:"left"`
	Right Level12 `json:"right"`
}

// Level12 holds two of the next level.
type Level12 struct {
	Left  Level13 `json:"left"`
	Right Level13 `json:"right"`
}

// Level13 holds two of the next level.
type Level13 struct {
	Left  Level14 `json:"left"`
	Right Level14 `json:"right"`
}

// Level14 holds two of the next level.
type Level14 struct {
	Left  Level15 `json:"left"`
	Right Level15 `json:"right"`
}

// Level15 holds two of the next level.
type Level15 struct {
	Left  Level16 `json:"left"`
	Right Level16 `json:"right"`
}

// Level16 holds two of the next level.
type Level16 struct {
	Left  Level17 `json:"left"`
	Right Level17 `json:"right"`
}

// Level17 holds two of the next level.
type Level17 struct {
	Left  Leaf `json:"left"`
	Right Leaf `json:"right"`
}

// Leaf is the last level.
type Leaf struct {
	ID string `json:"id"`
}

// Out is small.
type Out struct {
	ID string `json:"id"`
}

// Get takes the big input.
//
//card:tool
func Get(ctx context.Context, in In) (*Out, error) { return &Out{}, nil }
