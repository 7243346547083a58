; RUN: opt -load-pass-plugin=%outcore -passes='outcore-inline-accessors,function(outcore-prepare,outcore)' -pass-remarks=outcore -S %s 2>&1 | FileCheck %s
;
; std::unique_ptr<double[]>'s operator[] before the inliner runs (libstdc++ 12):
; it reaches the pointer through get(), _M_ptr(), std::get, __get_helper and two
; _M_head()s, seven calls deep, and its disabled assertion leaves two empty blocks
; that only branch on. Every level is inlined, and the loop reads an array.
; CHECK: remark: {{.*}}prefetch of {{.*}} with tag 1
; CHECK-LABEL: define dso_local double @sum(
; CHECK-NOT: call {{.*}}@index(
; CHECK: call void @oc_prefetch_block(
;
; struct Box { double *p; };
; double sum(const Box &b, long n) {
;   double s = 0;
;   for (long i = 0; i < n; i++)
;     s += b[i];                     // index(&b, i): &get(&b)[i], get: head5(...)
;   return s;
; }
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define dso_local double @sum(ptr noundef %b, i64 noundef %n) {
entry:
  br label %for.cond

for.cond:
  %i = phi i64 [ 0, %entry ], [ %inc, %for.body ]
  %s = phi double [ 0.000000e+00, %entry ], [ %add, %for.body ]
  %cmp = icmp slt i64 %i, %n
  br i1 %cmp, label %for.body, label %exit

for.body:
  %elt = call noundef ptr @index(ptr noundef %b, i64 noundef %i)
  %v = load double, ptr %elt, align 8
  %add = fadd double %s, %v
  %inc = add nsw i64 %i, 1
  br label %for.cond

exit:
  ret double %s
}

define linkonce_odr ptr @index(ptr noundef %this, i64 noundef %i) {
  br label %assert.check

assert.check:                      ; __glibcxx_assert(get() != nullptr), disabled
  br label %assert.done

assert.done:
  %p = call noundef ptr @get(ptr noundef %this)
  %elt = getelementptr inbounds double, ptr %p, i64 %i
  ret ptr %elt
}

define linkonce_odr ptr @get(ptr noundef %this) {
  %p = call noundef ptr @m_ptr(ptr noundef %this)
  ret ptr %p
}

define linkonce_odr ptr @m_ptr(ptr noundef %this) {
  %slot = call noundef ptr @std_get(ptr noundef %this)
  %p = load ptr, ptr %slot, align 8
  ret ptr %p
}

define linkonce_odr ptr @std_get(ptr noundef %t) {
  %r = call noundef ptr @get_helper(ptr noundef %t)
  ret ptr %r
}

define linkonce_odr ptr @get_helper(ptr noundef %t) {
  %r = call noundef ptr @tuple_head(ptr noundef %t)
  ret ptr %r
}

define linkonce_odr ptr @tuple_head(ptr noundef %t) {
  %r = call noundef ptr @head_base(ptr noundef %t)
  ret ptr %r
}

define linkonce_odr ptr @head_base(ptr noundef %t) {
  %r = getelementptr inbounds i8, ptr %t, i64 0
  ret ptr %r
}
