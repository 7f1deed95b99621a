/* mbn_lex.h — tokens of MBN text, each with its line and column.
 *
 * MBN is written character by character ("mfW", "ffN", "W02"), so almost
 * every token is one character; the exceptions are numbers ("02" keeps its
 * leading zero: it means "exactly 2"), extended leapers ":1,4:" and compound
 * letters ":BM:". Comments |...| are skipped, but the text of the last one is
 * kept because a comment after a piece letter is the piece's name. Spaces
 * separate definitions, so each token records whether space preceded it.
 */
#ifndef CHIMERA_MBN_LEX_H
#define CHIMERA_MBN_LEX_H

#include <stdbool.h>

typedef enum {
  TK_EOF,
  TK_ERROR,    /* text = message */
  TK_UPPER,    /* A-Z: an atom, basic piece or piece letter */
  TK_LOWER,    /* a-z: a modifier, or a file inside a range */
  TK_NUMBER,   /* digits; text keeps leading zeros */
  TK_LEAPER,   /* :m,n: */
  TK_COMPOUND, /* :BM: (text is ":BM:", upper-cased) */
  TK_PUNCT,    /* any other single character; ch holds it */
} TokenKind;

typedef struct {
  TokenKind kind;
  char ch;           /* TK_UPPER, TK_LOWER, TK_PUNCT */
  int value;         /* TK_NUMBER (saturated at 1e6); TK_LEAPER first ordinate */
  int value2;        /* TK_LEAPER second ordinate */
  int digits;        /* TK_NUMBER: how many digits */
  bool leading_zero; /* TK_NUMBER starts with 0 */
  bool space_before; /* white space (not a comment) came before it */
  int offset;        /* byte offset in the text */
  int length;        /* bytes of source text */
  int line, col;     /* 1-based, already adjusted to the file */
  char text[48];     /* compound letter, or error message */
} Token;

typedef struct {
  const char *src;
  int pos;
  int line, col; /* of src[pos] */
  int base_line, base_col;
  char comment[64];   /* text of the last comment skipped */
  int comment_offset; /* offset of the token that followed it, -1 if none */
} Lexer;

void mbn_lex_init(Lexer *lex, const char *src, int line, int col);

/* Reads the next token. Never fails: malformed text gives TK_ERROR. */
Token mbn_lex_next(Lexer *lex);

#endif
