module example.com/widgets

go 1.26
