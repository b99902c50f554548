package p

import "context"

type In struct {
	ID string `json:"id"`
}

type Level int

func (l Level) String() string { return [...]string{"low", "high"}[l%2] }

type Account struct {
	ID    string  `json:"id"`
	Owner *Person `json:"owner,omitempty"`
	Score *int    `json:"score,omitempty"`
	Level Level   `json:"level"`
	Plan  *Plan   `json:"plan,omitempty"`
	// Pointers of defined types, which have no methods and do not reach their elements': String
	// is called on the element, (*out.Total).String().
	Total MoneyPtr `json:"total,omitempty"`
	Cap   LevelPtr `json:"cap,omitempty"`
	Count CountPtr `json:"count,omitempty"`
}

type Money struct {
	Cents int64 `json:"cents"`
}

func (m *Money) String() string { return "$" }

type (
	MoneyPtr *Money
	LevelPtr *Level
	CountPtr *int
)

type Person struct {
	Name    string   `json:"name"`
	Manager *Manager `json:"manager,omitempty"`
}

type Plan struct {
	Name  PlanName `json:"name"`
	Level *Level   `json:"level,omitempty"`
}

type PlanName string

// GetAccount shows values through pointers that may be nil.
//
//card:tool
//card:result title="Account {{.ID}}" subtitle="{{.Owner.Name}} reports to {{.Owner.Manager.Name}}"
//card:field Score "{{.Score}}"
//card:field Level "{{.Level}}"
//card:field Plan "{{.Plan.Name}} ({{.Plan.Level}})"
//card:fallback "Total {{.Total}}, cap {{.Cap}}, count {{.Count}}"
//card:example {"id":"a1","level":1}
func GetAccount(ctx context.Context, in In) (*Account, error) { return &Account{ID: in.ID}, nil }

type Manager struct {
	Name string `json:"name"`
}
