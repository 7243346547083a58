; RUN: opt -load-pass-plugin=%outcore -passes='outcore<page-size=4096;fault-latency=100000;prefetch-overhead=10000>,verify' -pass-remarks=outcore -S %s 2>&1 | FileCheck %s
;
; void add_column(long n, double c[n][1024], const double b[n][1024], long j) {
;   for (long k = 0; k < n; k++)
;     c[k][j] += b[k][j];
; }
;
; c[k][j] is read (the group's leader prefetches) and written (its trailer
; releases): one reference group, one tag, so the runtime can tell when the
; group's own prefetches take back what it released. b has a tag of its own.
; CHECK: remark: {{.*}}prefetch of b with tag 1
; CHECK: remark: {{.*}}prefetch of c with tag 2
; CHECK: remark: {{.*}}release of c with tag 2
; CHECK-LABEL: define dso_local void @add_column(
; CHECK: call void @oc_prefetch_release_block(ptr %oc.addr, ptr %oc.addr{{[0-9]+}}, i64 1, i32 0, i32 %oc.tag1)
; CHECK: call void @oc_prefetch_block(ptr %oc.addr{{[0-9]+}}, i64 1, i32 0, i32 %oc.tag2)
; CHECK: call void @oc_release_block(ptr %oc.addr{{[0-9]+}}, i64 1, i32 0, i32 %oc.tag2)
; CHECK-NOT: %oc.tag3

define dso_local void @add_column(i64 noundef %n, ptr noundef %c, ptr noundef %b, i64 noundef %j) {
entry:
  %cmp.entry = icmp slt i64 0, %n
  br i1 %cmp.entry, label %for.body.lr.ph, label %for.end

for.body.lr.ph:
  br label %for.body

for.body:
  %k = phi i64 [ 0, %for.body.lr.ph ], [ %k.next, %for.body ]
  %b.addr = getelementptr inbounds [1024 x double], ptr %b, i64 %k, i64 %j
  %b.k = load double, ptr %b.addr, align 8
  %c.addr = getelementptr inbounds [1024 x double], ptr %c, i64 %k, i64 %j
  %c.k = load double, ptr %c.addr, align 8
  %sum = fadd double %c.k, %b.k
  store double %sum, ptr %c.addr, align 8
  %k.next = add nuw nsw i64 %k, 1
  %cmp = icmp slt i64 %k.next, %n
  br i1 %cmp, label %for.body, label %for.end.loopexit

for.end.loopexit:
  br label %for.end

for.end:
  ret void
}
