; RUN: opt -load-pass-plugin=%outcore -passes='outcore<mem-size=60M>,verify' -S %s | FileCheck %s
;
; void product(double c[700][2700], const double a[700][2700],
;              const double b[2700][2700]) {
;   for (long i = 0; i < 700; i++)
;     for (long k = 0; k < 2700; k++)
;       for (long j = 0; j < 2700; j++)
;         c[i][j] += a[i][k] * b[k][j];
; }
;
; One iteration of i reads all of b. The model counts b's rows of 21600
; bytes as ceil(21600 / 4096) = 6 pages each, 16 200 pages (16 213 with a's
; and c's rows): more than 60 MiB, so i is localized only at run time. The
; version that keeps b needs, per reference, the model's count or what the
; reference spans if fewer: b's rows follow each other, 14 241 pages, 14 253
; with a's and c's rows of 6 pages (58 380 288 bytes), which a 60 MiB limit
; holds; with the model's count it would not be chosen there.
; CHECK-LABEL: define dso_local void @product(
; CHECK:         %oc.fits = icmp ule i64 88572288, %oc.limit
; CHECK:         %oc.fits{{[0-9]+}} = icmp ule i64 58380288, %oc.limit{{[0-9]+}}

define dso_local void @product(ptr noundef %c, ptr noundef %a, ptr noundef %b) {
entry:
  br label %for.k.preheader

for.k.preheader:
  %i = phi i64 [ 0, %entry ], [ %i.next, %for.k.end ]
  br label %for.j.preheader

for.j.preheader:
  %k = phi i64 [ 0, %for.k.preheader ], [ %k.next, %for.j.end ]
  br label %for.j

for.j:
  %j = phi i64 [ 0, %for.j.preheader ], [ %j.next, %for.j ]
  %a.addr = getelementptr inbounds [2700 x double], ptr %a, i64 %i, i64 %k
  %a.ik = load double, ptr %a.addr, align 8
  %b.addr = getelementptr inbounds [2700 x double], ptr %b, i64 %k, i64 %j
  %b.kj = load double, ptr %b.addr, align 8
  %c.addr = getelementptr inbounds [2700 x double], ptr %c, i64 %i, i64 %j
  %c.ij = load double, ptr %c.addr, align 8
  %sum = call double @llvm.fmuladd.f64(double %a.ik, double %b.kj, double %c.ij)
  store double %sum, ptr %c.addr, align 8
  %j.next = add nuw nsw i64 %j, 1
  %j.more = icmp ult i64 %j.next, 2700
  br i1 %j.more, label %for.j, label %for.j.end

for.j.end:
  %k.next = add nuw nsw i64 %k, 1
  %k.more = icmp ult i64 %k.next, 2700
  br i1 %k.more, label %for.j.preheader, label %for.k.end

for.k.end:
  %i.next = add nuw nsw i64 %i, 1
  %i.more = icmp ult i64 %i.next, 700
  br i1 %i.more, label %for.k.preheader, label %exit

exit:
  ret void
}

declare double @llvm.fmuladd.f64(double, double, double)
