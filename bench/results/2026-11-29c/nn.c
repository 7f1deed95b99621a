// Prototype, for measurement only: a network distilled from labelled chess positions.
// Inputs: the 768 piece-square features from the side to move's view (KB=1 in the environment
// adds each non-king piece again per own-king and per enemy-king bucket: 8 buckets each, the
// king's file pair and whether it is on its first two ranks); a linear skip from every input
// plus H hidden units (clipped ReLU) to the output, in pawns. Adam (LR, default 0.001), batch 256,
// 10% of the positions held out at random (not by game: optimistic). OUT=FILE writes the best
// epoch's floats for netx-eval.patch.
// build: gcc -O2 -march=native -o nn nn.c -lm
// usage: [KB=1] [LR=0.003] [OUT=net.bin] nn DATA H EPOCHS K [LAMBDA]
//   DATA: "result score FEN" lines (White's view); target lambda*sigmoid(score/K) +
//   (1-lambda)*result
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define NF   (768 * 17)
#define MAXA 100
static int KB;
typedef struct {
  short f[MAXA];
  unsigned char n;
  float t;
} Sample;
static int H;
static float *W1, *B1, *W2, B2, *P; // W1[NF][H], P[NF] skip
static float *mW1, *vW1, *mB1, *vB1, *mW2, *vW2, mB2, vB2, *mP, *vP;
static double rnd(void) {
  return rand() / (double)RAND_MAX;
}
static int parse(const char *fen, Sample *s) {
  const char *p = fen;
  int sq = 56;
  s->n = 0;
  const char *stm = strchr(fen, ' ');
  int black = stm && stm[1] == 'b';
  for (; *p && *p != ' '; p++) {
    if (*p == '/') {
      sq -= 16;
      continue;
    }
    if (*p >= '1' && *p <= '8') {
      sq += *p - '0';
      continue;
    }
    const char *pc = "pnbrqkPNBRQK";
    const char *q = strchr(pc, *p);
    if (!q) return -1;
    int idx = q - pc, white = idx >= 6, type = idx % 6;
    int own = white ^ black;
    int s2 = black ? (sq ^ 56) : sq;
    if (s->n >= MAXA) return -1;
    s->f[s->n++] = (short)((type * 2 + (own ? 0 : 1)) * 64 + s2);
    sq++;
  }
  if (KB) { // king-bucket features: each piece again, per own king bucket and per enemy king bucket
    int ko = -1, ke = -1, base = s->n;
    for (int k = 0; k < base; k++) {
      int f = s->f[k], pl = f / 64;
      if (pl == 10) ko = f % 64;
      if (pl == 11) ke = f % 64;
    }
    if (ko < 0 || ke < 0) return black;
    int bo = (ko % 8) / 2 + 4 * (ko / 8 >= 2), be = (ke % 8) / 2 + 4 * ((ke ^ 56) / 8 >= 2);
    for (int k = 0; k < base; k++) {
      int f = s->f[k];
      if (f / 64 >= 10) continue;
      s->f[s->n++] = (short)(768 * (1 + bo) + f);
      s->f[s->n++] = (short)(768 * (9 + be) + f);
    }
  }
  return black;
}
static float sig(float x) {
  return 1.f / (1.f + expf(-x));
}
static float forward(const Sample *s, float *h) {
  float o = B2;
  for (int j = 0; j < H; j++) h[j] = B1[j];
  for (int k = 0; k < s->n; k++) {
    const float *w = W1 + s->f[k] * H;
    for (int j = 0; j < H; j++) h[j] += w[j];
    o += P[s->f[k]];
  }
  for (int j = 0; j < H; j++) {
    float a = h[j] < 0 ? 0 : h[j] > 1 ? 1 : h[j];
    o += W2[j] * a;
  }
  return o; // in pawns (x100 cp)
}
static void adam(float *w, float *m, float *v, float g, float lr, int t) {
  *m = 0.9f * *m + 0.1f * g;
  *v = 0.999f * *v + 0.001f * g * g;
  float mh = *m / (1 - powf(0.9f, t)), vh = *v / (1 - powf(0.999f, t));
  *w -= lr * mh / (sqrtf(vh) + 1e-8f);
}
int main(int argc, char **argv) {
  const char *path = argv[1];
  H = atoi(argv[2]);
  int epochs = atoi(argv[3]);
  float K = atof(argv[4]);
  KB = getenv("KB") != NULL;
  float lambda = argc > 5 ? atof(argv[5]) : 1.0f;
  FILE *fp = fopen(path, "r");
  char line[512];
  int cap = 1 << 20, n = 0;
  Sample *S = malloc(sizeof(Sample) * cap);
  while (fgets(line, sizeof line, fp)) {
    if (line[0] == '#') continue;
    double res;
    int sc;
    char fen[400];
    if (sscanf(line, "%lf %d %[^\n]", &res, &sc, fen) != 3) continue;
    if (n == cap) {
      cap *= 2;
      S = realloc(S, sizeof(Sample) * cap);
    }
    int black = parse(fen, &S[n]);
    if (black < 0) continue;
    float r = black ? 1 - res : res, v = black ? -sc : sc;
    S[n].t = lambda * sig(v / K) + (1 - lambda) * r;
    n++;
  }
  srand(1);
  for (int i = n - 1; i > 0; i--) {
    int j = rand() % (i + 1);
    Sample t = S[i];
    S[i] = S[j];
    S[j] = t;
  }
  int nval = n / 10, ntr = n - nval;
  fprintf(stderr, "%d samples, %d train\n", n, ntr);
  W1 = calloc(NF * H, 4);
  B1 = calloc(H, 4);
  W2 = calloc(H, 4);
  P = calloc(NF, 4);
  mW1 = calloc(NF * H, 4);
  vW1 = calloc(NF * H, 4);
  mB1 = calloc(H, 4);
  vB1 = calloc(H, 4);
  mW2 = calloc(H, 4);
  vW2 = calloc(H, 4);
  mP = calloc(NF, 4);
  vP = calloc(NF, 4);
  for (int i = 0; i < NF * H; i++) W1[i] = (rnd() - 0.5) * 0.2;
  for (int j = 0; j < H; j++) {
    B1[j] = 0.5;
    W2[j] = (rnd() - 0.5) * 0.5;
  }
  // rough piece values init for skip
  float val[6] = {1, 3, 3, 5, 9, 0};
  for (int f = 0; f < 768; f++) {
    int pl = f / 64;
    P[f] = (pl & 1 ? -1 : 1) * val[pl / 2];
  }
  float scale = 100.f / K; // output pawns -> logit
  int B = 256, t = 0;
  float lr = atof(getenv("LR") ? getenv("LR") : "0.001");
  float *gW1 = calloc(NF * H, 4), *gP = calloc(NF, 4), *h = malloc(H * 4), gB1[1024], gW2[1024];
  unsigned char *touched = calloc(NF, 1);
  int tl[NF * 2];
  double best = 1e9;
  for (int ep = 0; ep < epochs; ep++) {
    for (int b0 = 0; b0 + B <= ntr; b0 += B) {
      memset(gB1, 0, H * 4);
      memset(gW2, 0, H * 4);
      float gB2 = 0;
      int ntl = 0;
      for (int b = b0; b < b0 + B; b++) {
        Sample *s = &S[b];
        float o = forward(s, h);
        float p = sig(o * scale);
        float d = 2 * (p - s->t) * p * (1 - p) * scale / B; // dL/do
        gB2 += d;
        for (int k = 0; k < s->n; k++) {
          int f = s->f[k];
          if (!touched[f]) {
            touched[f] = 1;
            tl[ntl++] = f;
            memset(gW1 + f * H, 0, H * 4);
            gP[f] = 0;
          }
          gP[f] += d;
        }
        for (int j = 0; j < H; j++) {
          float a = h[j] < 0 ? 0 : h[j] > 1 ? 1 : h[j];
          gW2[j] += d * a;
          if (h[j] > 0 && h[j] < 1) {
            float dh = d * W2[j];
            gB1[j] += dh;
            for (int k = 0; k < s->n; k++) gW1[s->f[k] * H + j] += dh;
          }
        }
      }
      t++;
      for (int i = 0; i < ntl; i++) {
        int f = tl[i];
        touched[f] = 0;
        adam(&P[f], &mP[f], &vP[f], gP[f], lr, t);
        for (int j = 0; j < H; j++)
          adam(&W1[f * H + j], &mW1[f * H + j], &vW1[f * H + j], gW1[f * H + j], lr, t);
      }
      for (int j = 0; j < H; j++) {
        adam(&B1[j], &mB1[j], &vB1[j], gB1[j], lr, t);
        adam(&W2[j], &mW2[j], &vW2[j], gW2[j], lr, t);
      }
      adam(&B2, &mB2, &vB2, gB2, lr, t);
    }
    double lt = 0, lv = 0;
    for (int i = 0; i < n; i++) {
      float p = sig(forward(&S[i], h) * scale);
      double e = (p - S[i].t) * (p - S[i].t);
      if (i < ntr)
        lt += e;
      else
        lv += e;
    }
    lt /= ntr;
    lv /= nval;
    if (lv < best) {
      best = lv;
      if (getenv("OUT")) {
        FILE *o = fopen(getenv("OUT"), "wb");
        int hdr[2] = {H, KB};
        fwrite(hdr, 4, 2, o);
        fwrite(W1, 4, NF * H, o);
        fwrite(B1, 4, H, o);
        fwrite(W2, 4, H, o);
        fwrite(&B2, 4, 1, o);
        fwrite(P, 4, NF, o);
        fclose(o);
      }
    }
    fprintf(stderr, "epoch %d train %.6f val %.6f\n", ep, lt, lv);
  }
  printf("best val %.6f\n", best);
}
