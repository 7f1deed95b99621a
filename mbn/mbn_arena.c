/* mbn_arena.c — bump allocation for one compilation. The compiler builds
 * many small nodes and templates whose lifetimes end together; an arena
 * makes every error path leak-free without per-node bookkeeping. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mbn/mbn_ast.h"

struct ArenaBlock {
  ArenaBlock *next;
  size_t used, size;
  max_align_t data[];
};

void *arena_alloc(Arena *arena, size_t size) {
  size = (size + sizeof(max_align_t) - 1) / sizeof(max_align_t) * sizeof(max_align_t);
  if (size == 0) size = sizeof(max_align_t);
  ArenaBlock *block = arena->head;
  if (!block || block->size - block->used < size) {
    size_t capacity = size > 65536 ? size : 65536;
    block = malloc(sizeof *block + capacity);
    if (!block) {
      fprintf(stderr, "chimera: out of memory in the MBN compiler\n");
      abort();
    }
    block->next = arena->head;
    block->used = 0;
    block->size = capacity;
    arena->head = block;
  }
  void *p = (char *)block->data + block->used;
  block->used += size;
  memset(p, 0, size);
  return p;
}

void arena_free(Arena *arena) {
  while (arena->head) {
    ArenaBlock *next = arena->head->next;
    free(arena->head);
    arena->head = next;
  }
}
