package script

import (
	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// instrument rewrites the syntax tree of a script so that the steps a
// stepGuard checks go through its functions (stepGuard.builtins):
//
//	x * y        → $mul(x, y)        x % y      → $mod(x, y)
//	x *= y       → x = $mul(x, y)    x %= y     → x = $mod(x, y)
//	a[i] *= y    → $indexop(a, i, y, *)  (a and i evaluated once)
//	x += y       → x += $extend(y)   (a list's += stays in place)
//	x.name       → $attr(x, "name")  for extend, replace, format, join
//
// Each call takes the position of the operator or the dot, so an error
// names the line and column of the script where the step is.
func instrument(f *syntax.File) {
	r := rewriter{}
	r.stmts(f.Stmts)
}

type rewriter struct{}

// guardedMethods are the methods $attr guards (stepGuard.method).
var guardedMethods = map[string]bool{"extend": true, "replace": true, "format": true, "join": true}

func (r rewriter) stmts(list []syntax.Stmt) {
	for i, s := range list {
		list[i] = r.stmt(s)
	}
}

func (r rewriter) stmt(s syntax.Stmt) syntax.Stmt {
	switch s := s.(type) {
	case *syntax.AssignStmt:
		s.RHS = r.expr(s.RHS)
		switch s.Op {
		case syntax.EQ:
			s.LHS = r.target(s.LHS)
		case syntax.STAR_EQ, syntax.PERCENT_EQ:
			op, name := syntax.STAR, guardMul
			if s.Op == syntax.PERCENT_EQ {
				op, name = syntax.PERCENT, guardMod
			}
			switch lhs := unparen(s.LHS).(type) {
			case *syntax.Ident:
				s.Op = syntax.EQ
				s.RHS = call(name, s.OpPos, &syntax.Ident{NamePos: lhs.NamePos, Name: lhs.Name}, s.RHS)
			case *syntax.IndexExpr:
				lit := &syntax.Literal{Token: syntax.INT, TokenPos: s.OpPos, Raw: "0", Value: int64(op)}
				return &syntax.ExprStmt{X: call(guardIndexOp, s.OpPos, r.expr(lhs.X), r.expr(lhs.Y), s.RHS, lit)}
			default:
				s.LHS = r.target(s.LHS)
			}
		case syntax.PLUS_EQ:
			s.LHS = r.target(s.LHS)
			s.RHS = call(guardExtend, s.OpPos, s.RHS)
		default:
			s.LHS = r.target(s.LHS)
		}
	case *syntax.DefStmt:
		r.params(s.Params)
		r.stmts(s.Body)
	case *syntax.ExprStmt:
		s.X = r.expr(s.X)
	case *syntax.ForStmt:
		s.X = r.expr(s.X)
		r.stmts(s.Body)
	case *syntax.WhileStmt:
		s.Cond = r.expr(s.Cond)
		r.stmts(s.Body)
	case *syntax.IfStmt:
		s.Cond = r.expr(s.Cond)
		r.stmts(s.True)
		r.stmts(s.False)
	case *syntax.ReturnStmt:
		if s.Result != nil {
			s.Result = r.expr(s.Result)
		}
	}
	return s
}

// target rewrites the expressions inside an assignment's target (the
// index of a[f(x)] = ...), not the target itself.
func (r rewriter) target(e syntax.Expr) syntax.Expr {
	switch e := e.(type) {
	case *syntax.IndexExpr:
		e.X, e.Y = r.expr(e.X), r.expr(e.Y)
	case *syntax.DotExpr:
		e.X = r.expr(e.X)
	case *syntax.ParenExpr:
		e.X = r.target(e.X)
	case *syntax.TupleExpr:
		for i, x := range e.List {
			e.List[i] = r.target(x)
		}
	case *syntax.ListExpr:
		for i, x := range e.List {
			e.List[i] = r.target(x)
		}
	}
	return e
}

// params rewrites the default values of a function's parameters.
func (r rewriter) params(ps []syntax.Expr) {
	for _, p := range ps {
		if b, ok := p.(*syntax.BinaryExpr); ok && b.Op == syntax.EQ {
			b.Y = r.expr(b.Y)
		}
	}
}

func (r rewriter) exprs(list []syntax.Expr) {
	for i, e := range list {
		list[i] = r.expr(e)
	}
}

func (r rewriter) expr(e syntax.Expr) syntax.Expr {
	switch e := e.(type) {
	case nil:
		return nil
	case *syntax.BinaryExpr:
		e.Y = r.expr(e.Y)
		switch e.Op {
		case syntax.STAR:
			return call(guardMul, e.OpPos, r.expr(e.X), e.Y)
		case syntax.PERCENT:
			return call(guardMod, e.OpPos, r.expr(e.X), e.Y)
		case syntax.EQ:
			// a named argument, name=value: the name stays
		default:
			e.X = r.expr(e.X)
		}
	case *syntax.CallExpr:
		e.Fn = r.expr(e.Fn)
		r.exprs(e.Args)
	case *syntax.DotExpr:
		e.X = r.expr(e.X)
		if guardedMethods[e.Name.Name] {
			name := &syntax.Literal{Token: syntax.STRING, TokenPos: e.NamePos, Raw: `"` + e.Name.Name + `"`, Value: e.Name.Name}
			return call(guardAttr, e.Dot, e.X, name)
		}
	case *syntax.Comprehension:
		e.Body = r.expr(e.Body)
		for _, c := range e.Clauses {
			switch c := c.(type) {
			case *syntax.ForClause:
				c.X = r.expr(c.X)
			case *syntax.IfClause:
				c.Cond = r.expr(c.Cond)
			}
		}
	case *syntax.CondExpr:
		e.Cond, e.True, e.False = r.expr(e.Cond), r.expr(e.True), r.expr(e.False)
	case *syntax.DictExpr:
		r.exprs(e.List)
	case *syntax.DictEntry:
		e.Key, e.Value = r.expr(e.Key), r.expr(e.Value)
	case *syntax.IndexExpr:
		e.X, e.Y = r.expr(e.X), r.expr(e.Y)
	case *syntax.LambdaExpr:
		r.params(e.Params)
		e.Body = r.expr(e.Body)
	case *syntax.ListExpr:
		r.exprs(e.List)
	case *syntax.ParenExpr:
		e.X = r.expr(e.X)
	case *syntax.SliceExpr:
		e.X, e.Lo, e.Hi, e.Step = r.expr(e.X), r.expr(e.Lo), r.expr(e.Hi), r.expr(e.Step)
	case *syntax.TupleExpr:
		r.exprs(e.List)
	case *syntax.UnaryExpr:
		e.X = r.expr(e.X)
	}
	return e
}

// call returns the call fn(args) at pos.
func call(fn string, pos syntax.Position, args ...syntax.Expr) *syntax.CallExpr {
	return &syntax.CallExpr{Fn: &syntax.Ident{NamePos: pos, Name: fn}, Lparen: pos, Args: args, Rparen: pos}
}

func unparen(e syntax.Expr) syntax.Expr {
	for {
		p, ok := e.(*syntax.ParenExpr)
		if !ok {
			return e
		}
		e = p.X
	}
}

// compileGuarded parses, instruments and runs the top level of a
// script's source on th, with the guard's built-ins predeclared, and
// returns its globals, frozen.
func compileGuarded(th *starlark.Thread, file, src string, g *stepGuard) (starlark.StringDict, error) {
	f, err := (&syntax.FileOptions{}).Parse(file, src, 0)
	if err != nil {
		return nil, err
	}
	instrument(f)
	predeclared := g.builtins()
	prog, err := starlark.FileProgram(f, predeclared.Has)
	if err != nil {
		return nil, err
	}
	globals, err := prog.Init(th, predeclared)
	globals.Freeze()
	return globals, err
}
