package problemtest

// InconsistentGraph has an admissible but inconsistent h (h(B) = 5 while
// B--C costs 1 and h(C) = 0):
//
//	S --1-- A --3-- C --4-- G     true costs to G: S 7, A 7, B 5, C 4
//	 \             /
//	  2-- B --1---+               h: S 0, A 0, B 5, C 0, G 0
//
// A* expands S (f 0), A (f 1), C (g 4 via A, f 4), then B (f 7), which finds
// C at g 3. closed=ignore drops that and ends with G at g 8; closed=reopen
// expands C again and lowers G to 7.
const InconsistentGraph = `nodes S A B C G
edge S A 1
edge S B 2
edge A C 3
edge B C 1
edge C G 4
h S 0
h A 0
h B 5
h C 0
h G 0
start S
goal G`
