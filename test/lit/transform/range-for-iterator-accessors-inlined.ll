; RUN: opt -load-pass-plugin=%outcore -passes='function(outcore-prepare,outcore)' -pass-remarks-missed=outcore -disable-output %s 2>&1 | FileCheck %s --check-prefix=CALL
; RUN: opt -load-pass-plugin=%outcore -passes='outcore-inline-accessors,function(outcore-prepare,outcore)' -pass-remarks=outcore -S %s 2>&1 | FileCheck %s
;
; A range-based for calls the iterator's operator!=, which calls base(): an
; accessor that calls accessors. Inlined callees first, the loop walks a
; pointer from v.first to v.last; the iterator's stack slot (a struct) is
; split into that pointer.
; CALL: remark: {{.*}}loop nest not transformed: the loop calls '{{.*}}', which may access memory the analysis cannot see
; CHECK: remark: {{.*}}prefetch of v with tag 1
; CHECK: remark: {{.*}}release of v with tag 1
; CHECK-LABEL: define dso_local void @_Z5scaleRK3Vecd(
; CHECK-NOT: call {{.*}}@_ZneRK4IterS1_(
; CHECK-NOT: call {{.*}}@_ZNK4Iter4baseEv(
; CHECK: call void @oc_prefetch_block(
;
; // A range-based for over a container whose iterator compares through base():
; // accessors that call accessors, as std::vector's are before the inliner runs.
; struct Iter {
;   double *p;
;   double *base() const { return p; }
;   double &operator*() const { return *p; }
;   Iter &operator++() { ++p; return *this; }
; };
; inline bool operator!=(const Iter &a, const Iter &b) { return a.base() != b.base(); }
; struct Vec {
;   double *first, *last;
;   Iter begin() const { return Iter{first}; }
;   Iter end() const { return Iter{last}; }
; };
;
; void scale(const Vec &v, double a) {
;   for (double &x : v)
;     x *= a;
; }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.Iter = type { ptr }
%struct.Vec = type { ptr, ptr }

$_ZNK3Vec5beginEv = comdat any

$_ZNK3Vec3endEv = comdat any

$_ZneRK4IterS1_ = comdat any

$_ZNK4IterdeEv = comdat any

$_ZN4IterppEv = comdat any

$_ZNK4Iter4baseEv = comdat any

; Function Attrs: mustprogress uwtable
define dso_local void @_Z5scaleRK3Vecd(ptr noundef nonnull align 8 dereferenceable(16) %v, double noundef %a) #0 {
entry:
  %v.addr = alloca ptr, align 8
  %a.addr = alloca double, align 8
  %__range1 = alloca ptr, align 8
  %__begin1 = alloca %struct.Iter, align 8
  %__end1 = alloca %struct.Iter, align 8
  %x = alloca ptr, align 8
  store ptr %v, ptr %v.addr, align 8, !tbaa !5
  store double %a, ptr %a.addr, align 8, !tbaa !9
  call void @llvm.lifetime.start.p0(i64 8, ptr %__range1) #4
  %0 = load ptr, ptr %v.addr, align 8, !tbaa !5
  store ptr %0, ptr %__range1, align 8, !tbaa !5
  call void @llvm.lifetime.start.p0(i64 8, ptr %__begin1) #4
  %1 = load ptr, ptr %__range1, align 8, !tbaa !5
  %call = call ptr @_ZNK3Vec5beginEv(ptr noundef nonnull align 8 dereferenceable(16) %1)
  %coerce.dive = getelementptr inbounds %struct.Iter, ptr %__begin1, i32 0, i32 0
  store ptr %call, ptr %coerce.dive, align 8
  call void @llvm.lifetime.start.p0(i64 8, ptr %__end1) #4
  %2 = load ptr, ptr %__range1, align 8, !tbaa !5
  %call1 = call ptr @_ZNK3Vec3endEv(ptr noundef nonnull align 8 dereferenceable(16) %2)
  %coerce.dive2 = getelementptr inbounds %struct.Iter, ptr %__end1, i32 0, i32 0
  store ptr %call1, ptr %coerce.dive2, align 8
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %call3 = call noundef zeroext i1 @_ZneRK4IterS1_(ptr noundef nonnull align 8 dereferenceable(8) %__begin1, ptr noundef nonnull align 8 dereferenceable(8) %__end1)
  br i1 %call3, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond
  call void @llvm.lifetime.end.p0(i64 8, ptr %__end1) #4
  call void @llvm.lifetime.end.p0(i64 8, ptr %__begin1) #4
  call void @llvm.lifetime.end.p0(i64 8, ptr %__range1) #4
  br label %for.end

for.body:                                         ; preds = %for.cond
  call void @llvm.lifetime.start.p0(i64 8, ptr %x) #4
  %call4 = call noundef nonnull align 8 dereferenceable(8) ptr @_ZNK4IterdeEv(ptr noundef nonnull align 8 dereferenceable(8) %__begin1)
  store ptr %call4, ptr %x, align 8, !tbaa !5
  %3 = load double, ptr %a.addr, align 8, !tbaa !9
  %4 = load ptr, ptr %x, align 8, !tbaa !5
  %5 = load double, ptr %4, align 8, !tbaa !9
  %mul = fmul double %5, %3
  store double %mul, ptr %4, align 8, !tbaa !9
  call void @llvm.lifetime.end.p0(i64 8, ptr %x) #4
  br label %for.inc

for.inc:                                          ; preds = %for.body
  %call5 = call noundef nonnull align 8 dereferenceable(8) ptr @_ZN4IterppEv(ptr noundef nonnull align 8 dereferenceable(8) %__begin1)
  br label %for.cond

for.end:                                          ; preds = %for.cond.cleanup
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: mustprogress nounwind uwtable
define linkonce_odr dso_local ptr @_ZNK3Vec5beginEv(ptr noundef nonnull align 8 dereferenceable(16) %this) #2 comdat align 2 {
entry:
  %retval = alloca %struct.Iter, align 8
  %this.addr = alloca ptr, align 8
  store ptr %this, ptr %this.addr, align 8, !tbaa !5
  %this1 = load ptr, ptr %this.addr, align 8
  %p = getelementptr inbounds %struct.Iter, ptr %retval, i32 0, i32 0
  %first = getelementptr inbounds %struct.Vec, ptr %this1, i32 0, i32 0
  %0 = load ptr, ptr %first, align 8, !tbaa !11
  store ptr %0, ptr %p, align 8, !tbaa !13
  %coerce.dive = getelementptr inbounds %struct.Iter, ptr %retval, i32 0, i32 0
  %1 = load ptr, ptr %coerce.dive, align 8
  ret ptr %1
}

; Function Attrs: mustprogress nounwind uwtable
define linkonce_odr dso_local ptr @_ZNK3Vec3endEv(ptr noundef nonnull align 8 dereferenceable(16) %this) #2 comdat align 2 {
entry:
  %retval = alloca %struct.Iter, align 8
  %this.addr = alloca ptr, align 8
  store ptr %this, ptr %this.addr, align 8, !tbaa !5
  %this1 = load ptr, ptr %this.addr, align 8
  %p = getelementptr inbounds %struct.Iter, ptr %retval, i32 0, i32 0
  %last = getelementptr inbounds %struct.Vec, ptr %this1, i32 0, i32 1
  %0 = load ptr, ptr %last, align 8, !tbaa !15
  store ptr %0, ptr %p, align 8, !tbaa !13
  %coerce.dive = getelementptr inbounds %struct.Iter, ptr %retval, i32 0, i32 0
  %1 = load ptr, ptr %coerce.dive, align 8
  ret ptr %1
}

; Function Attrs: inlinehint mustprogress uwtable
define linkonce_odr dso_local noundef zeroext i1 @_ZneRK4IterS1_(ptr noundef nonnull align 8 dereferenceable(8) %a, ptr noundef nonnull align 8 dereferenceable(8) %b) #3 comdat {
entry:
  %a.addr = alloca ptr, align 8
  %b.addr = alloca ptr, align 8
  store ptr %a, ptr %a.addr, align 8, !tbaa !5
  store ptr %b, ptr %b.addr, align 8, !tbaa !5
  %0 = load ptr, ptr %a.addr, align 8, !tbaa !5
  %call = call noundef ptr @_ZNK4Iter4baseEv(ptr noundef nonnull align 8 dereferenceable(8) %0)
  %1 = load ptr, ptr %b.addr, align 8, !tbaa !5
  %call1 = call noundef ptr @_ZNK4Iter4baseEv(ptr noundef nonnull align 8 dereferenceable(8) %1)
  %cmp = icmp ne ptr %call, %call1
  ret i1 %cmp
}

; Function Attrs: mustprogress nounwind uwtable
define linkonce_odr dso_local noundef nonnull align 8 dereferenceable(8) ptr @_ZNK4IterdeEv(ptr noundef nonnull align 8 dereferenceable(8) %this) #2 comdat align 2 {
entry:
  %this.addr = alloca ptr, align 8
  store ptr %this, ptr %this.addr, align 8, !tbaa !5
  %this1 = load ptr, ptr %this.addr, align 8
  %p = getelementptr inbounds %struct.Iter, ptr %this1, i32 0, i32 0
  %0 = load ptr, ptr %p, align 8, !tbaa !13
  ret ptr %0
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: mustprogress nounwind uwtable
define linkonce_odr dso_local noundef nonnull align 8 dereferenceable(8) ptr @_ZN4IterppEv(ptr noundef nonnull align 8 dereferenceable(8) %this) #2 comdat align 2 {
entry:
  %this.addr = alloca ptr, align 8
  store ptr %this, ptr %this.addr, align 8, !tbaa !5
  %this1 = load ptr, ptr %this.addr, align 8
  %p = getelementptr inbounds %struct.Iter, ptr %this1, i32 0, i32 0
  %0 = load ptr, ptr %p, align 8, !tbaa !13
  %incdec.ptr = getelementptr inbounds double, ptr %0, i32 1
  store ptr %incdec.ptr, ptr %p, align 8, !tbaa !13
  ret ptr %this1
}

; Function Attrs: mustprogress nounwind uwtable
define linkonce_odr dso_local noundef ptr @_ZNK4Iter4baseEv(ptr noundef nonnull align 8 dereferenceable(8) %this) #2 comdat align 2 {
entry:
  %this.addr = alloca ptr, align 8
  store ptr %this, ptr %this.addr, align 8, !tbaa !5
  %this1 = load ptr, ptr %this.addr, align 8
  %p = getelementptr inbounds %struct.Iter, ptr %this1, i32 0, i32 0
  %0 = load ptr, ptr %p, align 8, !tbaa !13
  ret ptr %0
}

attributes #0 = { mustprogress uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { mustprogress nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { inlinehint mustprogress uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { nounwind }


!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"any pointer", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C++ TBAA"}
!9 = !{!10, !10, i64 0}
!10 = !{!"double", !7, i64 0}
!11 = !{!12, !6, i64 0}
!12 = !{!"_ZTS3Vec", !6, i64 0, !6, i64 8}
!13 = !{!14, !6, i64 0}
!14 = !{!"_ZTS4Iter", !6, i64 0}
!15 = !{!12, !6, i64 8}
