/* mbn_lex.c — the MBN scanner: one switch over the current character, in
 * the manner of Lua's llex.c. It knows nothing of grammar; the parser asks
 * for one token at a time and keeps one token of lookahead. */
#include "mbn/mbn_lex.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

void mbn_lex_init(Lexer *lex, const char *src, int line, int col) {
  memset(lex, 0, sizeof *lex);
  lex->src = src ? src : "";
  lex->line = line > 0 ? line : 1;
  lex->col = col > 0 ? col : 1;
  lex->comment_offset = -1;
}

static char lex_peek(const Lexer *lex, int ahead) {
  for (int i = 0; i < ahead; i++)
    if (!lex->src[lex->pos + i]) return '\0';
  return lex->src[lex->pos + ahead];
}

static void lex_advance(Lexer *lex) {
  if (!lex->src[lex->pos]) return;
  if (lex->src[lex->pos] == '\n') {
    lex->line++;
    lex->col = 1;
  } else {
    lex->col++;
  }
  lex->pos++;
}

static Token lex_error(Lexer *lex, Token tok, const char *message) {
  tok.kind = TK_ERROR;
  snprintf(tok.text, sizeof tok.text, "%s", message);
  tok.length = lex->pos - tok.offset > 0 ? lex->pos - tok.offset : 1;
  return tok;
}

/* :m,n: — an extended leaper; called with the cursor on the colon. */
static Token lex_leaper(Lexer *lex, Token tok) {
  int ordinate[2] = {0, 0};
  lex_advance(lex);
  for (int k = 0; k < 2; k++) {
    if (!isdigit((unsigned char)lex_peek(lex, 0)))
      return lex_error(lex, tok, "malformed leaper: expected ':m,n:'");
    while (isdigit((unsigned char)lex_peek(lex, 0))) {
      if (ordinate[k] < 1000000) ordinate[k] = ordinate[k] * 10 + (lex_peek(lex, 0) - '0');
      lex_advance(lex);
    }
    if (lex_peek(lex, 0) != (k == 0 ? ',' : ':'))
      return lex_error(lex, tok, "malformed leaper: expected ':m,n:'");
    lex_advance(lex);
  }
  tok.kind = TK_LEAPER;
  tok.value = ordinate[0];
  tok.value2 = ordinate[1];
  tok.length = lex->pos - tok.offset;
  return tok;
}

/* :BM: — a compound piece letter: an upper-case letter and up to two more
 * letters, digits or '+' (the MBN text's own example is :GC+:). */
static Token lex_compound(Lexer *lex, Token tok) {
  int n = 0;
  tok.text[n++] = ':';
  lex_advance(lex);
  while (isalnum((unsigned char)lex_peek(lex, 0)) || lex_peek(lex, 0) == '+') {
    if (n > 3) return lex_error(lex, tok, "compound letter longer than three characters");
    tok.text[n++] = (char)toupper((unsigned char)lex_peek(lex, 0));
    lex_advance(lex);
  }
  if (lex_peek(lex, 0) != ':') return lex_error(lex, tok, "unterminated compound letter");
  lex_advance(lex);
  tok.text[n++] = ':';
  tok.text[n] = '\0';
  tok.kind = TK_COMPOUND;
  tok.length = lex->pos - tok.offset;
  return tok;
}

Token mbn_lex_next(Lexer *lex) {
  Token tok;
  memset(&tok, 0, sizeof tok);
  bool had_comment = false;
  for (;;) {
    char c = lex_peek(lex, 0);
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      tok.space_before = true;
      lex_advance(lex);
    } else if (c == '|') {
      /* |comment|: may hold anything but a bar, spaces included. */
      int start = lex->pos + 1, line = lex->line, col = lex->col;
      lex_advance(lex);
      while (lex_peek(lex, 0) && lex_peek(lex, 0) != '|') lex_advance(lex);
      if (!lex_peek(lex, 0)) {
        tok.offset = start - 1;
        tok.line = line;
        tok.col = col;
        return lex_error(lex, tok, "unterminated comment (missing '|')");
      }
      int len = lex->pos - start;
      if (len > (int)sizeof lex->comment - 1) len = (int)sizeof lex->comment - 1;
      memcpy(lex->comment, lex->src + start, (size_t)len);
      lex->comment[len] = '\0';
      had_comment = true;
      lex_advance(lex);
    } else {
      break;
    }
  }
  tok.offset = lex->pos;
  tok.line = lex->line;
  tok.col = lex->col;
  lex->comment_offset = had_comment ? tok.offset : -1;
  char c = lex_peek(lex, 0);
  switch (c) {
  case '\0': tok.kind = TK_EOF; return tok;
  case ':':
    if (isdigit((unsigned char)lex_peek(lex, 1))) return lex_leaper(lex, tok);
    if (isalpha((unsigned char)lex_peek(lex, 1))) return lex_compound(lex, tok);
    break;
  case '0':
  case '1':
  case '2':
  case '3':
  case '4':
  case '5':
  case '6':
  case '7':
  case '8':
  case '9':
    tok.kind = TK_NUMBER;
    tok.leading_zero = c == '0';
    while (isdigit((unsigned char)lex_peek(lex, 0))) {
      if (tok.value < 1000000) tok.value = tok.value * 10 + (lex_peek(lex, 0) - '0');
      tok.digits++;
      lex_advance(lex);
    }
    tok.length = lex->pos - tok.offset;
    return tok;
  default:
    if (c >= 'A' && c <= 'Z')
      tok.kind = TK_UPPER;
    else if (c >= 'a' && c <= 'z')
      tok.kind = TK_LOWER;
    else if (strchr("=+-()[]{}^!@*#<>/?',.;$%&~:", c))
      tok.kind = TK_PUNCT;
    else {
      lex_advance(lex);
      char message[48];
      if ((unsigned char)c >= 32 && (unsigned char)c < 127)
        snprintf(message, sizeof message, "unexpected character '%c'", c);
      else
        snprintf(message, sizeof message, "unexpected byte 0x%02x", (unsigned char)c);
      return lex_error(lex, tok, message);
    }
    tok.ch = c;
    lex_advance(lex);
    tok.length = 1;
    return tok;
  }
  /* A lone ':' */
  tok.kind = TK_PUNCT;
  tok.ch = c;
  lex_advance(lex);
  tok.length = 1;
  return tok;
}
